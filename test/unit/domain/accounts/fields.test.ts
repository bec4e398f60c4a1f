import {
  accountMessages as m,
  applicantRoleTypeField,
  calendarDateField,
  emailField,
  isEmailAddress,
  jobSearchFrequencyField,
  linkedInField,
  malpracticeProvidedField,
  npiField,
  optional,
  optionalPersonName,
  optionalText,
  optionalWholeDollars,
  pastOrTodayDateField,
  personName,
  phoneField,
  requiredText,
  usStateField,
  websiteField,
  zipCodeField,
} from '../../../../server/src/domain/accounts';
import { errorsOf, parsed } from './support';

describe('requiredText and optionalText', () => {
  it('trims, and refuses empty or missing with the given message', () => {
    const field = requiredText('City is required');
    expect(parsed(field, '  Austin ')).toBe('Austin');
    expect(errorsOf(field, '   ')).toEqual({ '': ['City is required'] });
    expect(errorsOf(field, undefined)).toEqual({ '': ['City is required'] });
  });

  it('turns empty or missing optional text into null', () => {
    expect(parsed(optionalText, '  ')).toBeNull();
    expect(parsed(optionalText, undefined)).toBeNull();
    expect(parsed(optionalText, null)).toBeNull();
    expect(parsed(optionalText, ' Suite 4 ')).toBe('Suite 4');
  });

  it('lets an optional field be empty but checks it when given', () => {
    const zip = optional(zipCodeField());
    expect(parsed(zip, '')).toBeNull();
    expect(errorsOf(zip, '123')).toEqual({ '': [m.zipInvalid] });
  });
});

describe('emailField', () => {
  it('trims and lower-cases', () => {
    expect(parsed(emailField(), '  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('requires a value', () => {
    expect(errorsOf(emailField(), '')).toEqual({ '': ['Email is required'] });
    expect(errorsOf(emailField(), undefined)).toEqual({ '': ['Email is required'] });
  });

  it('says "Please enter a valid email address" by default and "Invalid email address" on login', () => {
    expect(errorsOf(emailField(), 'jane@')).toEqual({ '': ['Please enter a valid email address'] });
    expect(errorsOf(emailField(m.loginEmailInvalid), 'jane@')).toEqual({ '': ['Invalid email address'] });
  });

  it('recognises address shapes', () => {
    expect(isEmailAddress('a.b+c@mail.example.org')).toBe(true);
    expect(isEmailAddress('jane@example')).toBe(false);
    expect(isEmailAddress('jane doe@example.com')).toBe(false);
    expect(isEmailAddress('jane@@example.com')).toBe(false);
    expect(isEmailAddress('jane@example..com')).toBe(false);
    expect(isEmailAddress('@example.com')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });
});

describe('personName', () => {
  const first = personName('First name');

  it('accepts letters of any script, spaces, hyphens and apostrophes, trimmed', () => {
    expect(parsed(first, '  Mary-Jane ')).toBe('Mary-Jane');
    expect(parsed(first, "O'Brien")).toBe("O'Brien");
    expect(parsed(first, 'O’Brien')).toBe('O’Brien');
    expect(parsed(first, 'José María')).toBe('José María');
    expect(parsed(first, 'Zoë')).toBe('Zoë');
  });

  it('requires a name', () => {
    expect(errorsOf(first, '  ')).toEqual({ '': ['First name is required'] });
  });

  it('needs at least 2 characters', () => {
    expect(errorsOf(first, 'J')).toEqual({ '': ['First name must be at least 2 characters'] });
    expect(errorsOf(personName('Last name'), ' 1 ')).toEqual({ '': ['Last name must be at least 2 characters'] });
  });

  it('refuses digits and symbols', () => {
    const message = 'First name may contain only letters, spaces, hyphens and apostrophes';
    expect(errorsOf(first, 'J4ne')).toEqual({ '': [message] });
    expect(errorsOf(first, 'Jane!')).toEqual({ '': [message] });
    expect(errorsOf(first, 'Jane_Doe')).toEqual({ '': [message] });
  });

  it('optional names become null when empty but follow the rules when given', () => {
    const optionalFirst = optionalPersonName('First name');
    expect(parsed(optionalFirst, '   ')).toBeNull();
    expect(parsed(optionalFirst, null)).toBeNull();
    expect(parsed(optionalFirst, ' Ann ')).toBe('Ann');
    expect(errorsOf(optionalFirst, 'A')).toEqual({ '': ['First name must be at least 2 characters'] });
  });
});

describe('usStateField', () => {
  it('upper-cases and accepts a valid state', () => {
    expect(parsed(usStateField(), ' ca ')).toBe('CA');
    expect(parsed(usStateField(), 'dc')).toBe('DC');
  });

  it('refuses unknown codes with the spec message', () => {
    const message = 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)';
    expect(errorsOf(usStateField(), 'XX')).toEqual({ '': [message] });
    expect(errorsOf(usStateField(), 'Cal')).toEqual({ '': [message] });
  });

  it('uses the given required message', () => {
    expect(errorsOf(usStateField(), '')).toEqual({ '': ['State is required'] });
    expect(errorsOf(usStateField(m.licenseStateRequired), '')).toEqual({
      '': ['Please select the state that issued your license'],
    });
  });
});

describe('zipCodeField', () => {
  it('accepts 12345 and 12345-6789', () => {
    expect(parsed(zipCodeField(), '12345')).toBe('12345');
    expect(parsed(zipCodeField(), ' 12345-6789 ')).toBe('12345-6789');
  });

  it('refuses other shapes', () => {
    const message = 'Please enter a valid ZIP code (12345 or 12345-6789)';
    for (const zip of ['1234', '123456', '12345-678', '12345 6789', 'ABCDE']) {
      expect(errorsOf(zipCodeField(), zip)).toEqual({ '': [message] });
    }
    expect(errorsOf(zipCodeField(), '')).toEqual({ '': ['ZIP code is required'] });
  });
});

describe('phoneField', () => {
  it('stores a formatted number as digits', () => {
    expect(parsed(phoneField(), '(555) 123-4567')).toBe('5551234567');
  });

  it('refuses invalid numbers with the spec message', () => {
    const message = "Please enter a valid 10-digit phone number that doesn't start with 0 or 1";
    expect(errorsOf(phoneField(), '(155) 123-4567')).toEqual({ '': [message] });
    expect(errorsOf(phoneField(), '555-1234')).toEqual({ '': [message] });
    expect(errorsOf(phoneField(), '')).toEqual({ '': ['Phone number is required'] });
  });
});

describe('npiField', () => {
  it('accepts a valid NPI', () => {
    expect(parsed(npiField(), ' 1234567893 ')).toBe('1234567893');
  });

  it('says when it is required', () => {
    expect(errorsOf(npiField(), '')).toEqual({ '': ['Please enter your NPI number'] });
  });

  it('checks the length first, then the check digit', () => {
    expect(errorsOf(npiField(), '12345')).toEqual({ '': ['NPI must be exactly 10 digits'] });
    expect(errorsOf(npiField(), '12345678AB')).toEqual({ '': ['NPI must be exactly 10 digits'] });
    expect(errorsOf(npiField(), '1234567890')).toEqual({ '': ['This NPI is not valid. Please check the number.'] });
  });
});

describe('websiteField', () => {
  it('is optional', () => {
    expect(parsed(websiteField, '')).toBeNull();
    expect(parsed(websiteField, undefined)).toBeNull();
  });

  it('adds https:// and keeps http://', () => {
    expect(parsed(websiteField, ' example.com ')).toBe('https://example.com');
    expect(parsed(websiteField, 'http://example.com')).toBe('http://example.com');
  });

  it('refuses what is not an http(s) address', () => {
    const message = 'Please enter a valid website URL starting with http:// or https://';
    expect(errorsOf(websiteField, 'ftp://example.com')).toEqual({ '': [message] });
    expect(errorsOf(websiteField, 'not a site')).toEqual({ '': [message] });
  });
});

describe('linkedInField', () => {
  it('is optional and normalised', () => {
    expect(parsed(linkedInField, '')).toBeNull();
    expect(parsed(linkedInField, 'jane-doe')).toBe('https://www.linkedin.com/in/jane-doe');
    expect(parsed(linkedInField, 'linkedin.com/in/jane-doe/')).toBe('https://www.linkedin.com/in/jane-doe');
  });

  it('refuses other links', () => {
    expect(errorsOf(linkedInField, 'https://facebook.com/jane')).toEqual({
      '': ['Please enter a LinkedIn username or a profile link like linkedin.com/in/username'],
    });
  });
});

describe('date fields', () => {
  afterEach(() => jest.useRealTimers());

  it('require a real YYYY-MM-DD date', () => {
    const expiry = calendarDateField(m.licenseExpiryRequired);
    expect(parsed(expiry, '2030-06-30')).toBe('2030-06-30');
    expect(errorsOf(expiry, '')).toEqual({ '': ['License expiration date is required'] });
    expect(errorsOf(expiry, '2030-02-30')).toEqual({ '': ['Please enter a valid date (YYYY-MM-DD)'] });
  });

  it('refuse a future experience start date, judged at validation time', () => {
    jest.useFakeTimers({ now: new Date('2025-03-10T12:00:00Z') });
    const started = pastOrTodayDateField(m.experienceStartRequired, m.experienceStartInFuture);
    expect(parsed(started, '2025-03-10')).toBe('2025-03-10');
    expect(errorsOf(started, '2025-03-12')).toEqual({ '': ['Experience start date cannot be in the future'] });
    expect(errorsOf(started, 'soon')).toEqual({ '': ['Please enter a valid date (YYYY-MM-DD)'] });
    expect(errorsOf(started, '')).toEqual({ '': ['Experience start date is required'] });
  });
});

describe('applicant choice fields', () => {
  it('role type defaults to CRNA and accepts Anesthesiologist', () => {
    expect(parsed(applicantRoleTypeField, undefined)).toBe('CRNA');
    expect(parsed(applicantRoleTypeField, 'Anesthesiologist')).toBe('Anesthesiologist');
    expect(errorsOf(applicantRoleTypeField, 'Nurse')).toEqual({
      '': ['Please select a role type (CRNA or Anesthesiologist)'],
    });
  });

  it('job search frequency defaults to weekly and takes only 1 or 7', () => {
    expect(parsed(jobSearchFrequencyField, undefined)).toBe(7);
    expect(parsed(jobSearchFrequencyField, 1)).toBe(1);
    expect(errorsOf(jobSearchFrequencyField, 3)).toEqual({ '': ['Please choose daily or weekly job alerts'] });
    expect(errorsOf(jobSearchFrequencyField, '7')).toEqual({ '': ['Please choose daily or weekly job alerts'] });
  });

  it('malpractice defaults to false', () => {
    expect(parsed(malpracticeProvidedField, undefined)).toBe(false);
    expect(parsed(malpracticeProvidedField, true)).toBe(true);
  });
});

describe('optionalWholeDollars', () => {
  const rate = optionalWholeDollars('Minimum hourly rate');
  const message = 'Minimum hourly rate must be a whole number of dollars, 0 or more';

  it('treats empty, null and missing as no value', () => {
    expect(parsed(rate, '')).toBeNull();
    expect(parsed(rate, null)).toBeNull();
    expect(parsed(rate, undefined)).toBeNull();
  });

  it('accepts whole dollars from 0', () => {
    expect(parsed(rate, 0)).toBe(0);
    expect(parsed(rate, 185)).toBe(185);
  });

  it('refuses fractions, negatives and text', () => {
    expect(errorsOf(rate, 12.5)).toEqual({ '': [message] });
    expect(errorsOf(rate, -1)).toEqual({ '': [message] });
    expect(errorsOf(rate, 'abc')).toEqual({ '': [message] });
  });
});
