/**
 * Runs the tests of the enclosing describe below Mantine's sm breakpoint, where useIsPhone is
 * true: the media query the app asks about matches, every other one answers as before.
 */
export function onAPhone(): void {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 47.99em') })) as typeof matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}
