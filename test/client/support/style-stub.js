// CSS imports in jsdom: plain stylesheets do nothing; CSS modules give back the class name asked for.
module.exports = new Proxy(
  {},
  {
    get: (_target, key) => (key === '__esModule' ? false : typeof key === 'string' ? key : undefined),
  },
);
