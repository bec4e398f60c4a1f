/** Alert titles in shade 9 of their colour: Mantine's default light-variant shade 6 reads below 4.5:1. */
export function alertTitleStyles(color: 'red' | 'blue' | 'gray' | 'green' | 'yellow') {
  return { title: { color: `var(--mantine-color-${color}-9)` } };
}
