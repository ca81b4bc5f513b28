/**
 * A CSV header's column names as the user file's fields. Spreadsheets and other systems' exports name
 * columns their own way (`Email`, `E-mail`, `displayName`, `Name`): a name matches a field when it is
 * the field's name or one of its aliases, ignoring case, spaces, `-`, `_` and `.`.
 */
import { userFileFields, type UserFileField } from "./format.js";

/** A header that cannot be read as the format's columns (nothing is imported from such a file). */
export class HeaderError extends Error {
  override readonly name = "HeaderError";
}

const aliases: Record<string, UserFileField> = {
  email: "primary_email",
  mail: "primary_email",
  emailaddress: "primary_email",
  primaryemailaddress: "primary_email",
  emailverified: "primary_email_verified",
  isemailverified: "primary_email_verified",
  verified: "primary_email_verified",
  name: "display_name",
  fullname: "display_name",
  userid: "id",
  hash: "password_hash",
  passwordhashalgorithm: "password_hash_algorithm",
  hashalgorithm: "password_hash_algorithm",
  salt: "password_salt",
  avatarurl: "profile_image_url",
  imageurl: "profile_image_url",
  pictureurl: "profile_image_url",
  photourl: "profile_image_url",
  signedupat: "created_at",
};

/** The key a column name is matched by. */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/[\s._-]/g, "");
}

const byKey = new Map<string, UserFileField>([...Object.entries(aliases), ...userFileFields.map((f) => [keyOf(f), f] as const)]);

/** The field a column name stands for, or null for a column the format does not know. */
export function fieldOfColumn(name: string): UserFileField | null {
  return byKey.get(keyOf(name)) ?? null;
}

/** Whether a column name is its field's own name, spelled otherwise (`Display Name`), rather than an alias. */
export function isOwnName(name: string, field: UserFileField): boolean {
  return keyOf(name) === keyOf(field);
}

/**
 * The field of each header cell (null: unknown, ignored). Throws HeaderError when two columns stand
 * for the same field.
 */
export function columnFields(header: readonly string[]): (UserFileField | null)[] {
  const seen = new Map<UserFileField, string>();
  return header.map((name) => {
    const field = fieldOfColumn(name);
    if (field === null) return null;
    const earlier = seen.get(field);
    if (earlier !== undefined) throw new HeaderError(`the columns ${JSON.stringify(earlier)} and ${JSON.stringify(name)} both stand for ${field}`);
    seen.set(field, name);
    return field;
  });
}
