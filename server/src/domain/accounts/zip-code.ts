/** A US ZIP code: five digits, optionally followed by a hyphen and four more (ZIP+4). */
const ZIP_CODE = /^\d{5}(-\d{4})?$/;

export function isZipCode(value: string): boolean {
  return ZIP_CODE.test(value.trim());
}
