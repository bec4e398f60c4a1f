import { comparePositions, START } from '../../../server/src/eventstore/event-store.port';

/** The order by value, as BigInt reads the two numbers of "transaction:global position". */
function byValue(a: string, b: string): number {
  const [at, ap] = a.split(':').map(BigInt);
  const [bt, bp] = b.split(':').map(BigInt);
  if (at !== bt) return at < bt ? -1 : 1;
  if (ap !== bp) return ap < bp ? -1 : 1;
  return 0;
}

describe('comparePositions', () => {
  it.each([
    ['0:0', '0:0', 0],
    [START, '1:1', -1],
    ['9:5', '10:1', -1],
    ['10:1', '9:5', 1],
    ['10:99', '10:100', -1],
    ['10:100', '10:99', 1],
    ['12:345', '12:345', 0],
    ['12:346', '12:345', 1],
    ['9007199254740993:1', '9007199254740992:1', 1],
    ['18446744073709551615:9223372036854775807', '18446744073709551615:9223372036854775806', 1],
    ['007:1', '7:1', 0],
    ['7:010', '7:9', 1],
  ])('%s against %s is %d', (a, b, expected) => {
    expect(Math.sign(comparePositions(a, b))).toBe(expected);
  });

  it('orders like the numbers themselves, whatever their lengths and leading zeros', () => {
    const numbers = [
      '0',
      '00',
      '1',
      '9',
      '007',
      '10',
      '99',
      '100',
      '0100',
      '101',
      '4294967295',
      '4294967296',
      '9007199254740991',
      '9007199254740993',
    ];
    const positions = numbers.flatMap((transaction) => numbers.map((global) => `${transaction}:${global}`));
    for (const a of positions) for (const b of positions) expect(Math.sign(comparePositions(a, b))).toBe(byValue(a, b));
  });
});
