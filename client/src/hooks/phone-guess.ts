import { createContext } from 'react';

/**
 * Whether the server took the reader for a phone (from the request's user agent), for a page it
 * renders: the server has no viewport. A hydrating page renders as the server did (useIsPhone),
 * then follows the viewport. Its own module: the app's provider sets it on every page, the hook
 * loads with the pages that lay out for phones.
 */
export const PhoneGuessContext = createContext(false);
