/**
 * Text Postgres can store: no NUL character (text columns refuse it) and no unpaired UTF-16
 * surrogate (it has no UTF-8 form; jsonb refuses it and text would silently garble it).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'This text contains characters that cannot be saved (a NUL character or a broken Unicode sequence).';
