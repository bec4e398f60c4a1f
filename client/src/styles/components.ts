// The style sheets of Mantine components beyond the shell's (see mantine-components.css). Every
// lazily loaded piece of UI imports this module, so it is one shared CSS file, downloaded once.
import './mantine-components.css';
