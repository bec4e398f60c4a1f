import { isUsState, US_STATES, usStateName } from '../../../../server/src/domain/accounts';

describe('US states', () => {
  it('lists the 50 states plus DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
    expect(US_STATES.find((state) => state.code === 'DC')?.name).toBe('District of Columbia');
  });

  it('accepts state codes in any case and with surrounding spaces', () => {
    expect(isUsState('CA')).toBe(true);
    expect(isUsState('ny')).toBe(true);
    expect(isUsState(' tx ')).toBe(true);
    expect(isUsState('DC')).toBe(true);
  });

  it('rejects territories, unknown codes and names', () => {
    expect(isUsState('PR')).toBe(false);
    expect(isUsState('GU')).toBe(false);
    expect(isUsState('XX')).toBe(false);
    expect(isUsState('C')).toBe(false);
    expect(isUsState('CAL')).toBe(false);
    expect(isUsState('California')).toBe(false);
    expect(isUsState('')).toBe(false);
  });

  it('names a state from its code', () => {
    expect(usStateName('wa')).toBe('Washington');
    expect(usStateName('ZZ')).toBeUndefined();
  });
});
