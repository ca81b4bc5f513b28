/**
 * Field schemas shared by several resources, each declared once with a description and an example.
 * Validation messages that SPEC.md quotes are used as written.
 */
import { z } from "zod";

export const uuid = z.uuid({ message: "must be a valid UUID" });

export const projectIdField = z
  .string()
  .min(1)
  .max(64)
  .regex(/^(internal|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, "must be a UUID or 'internal'")
  .meta({ description: "A project id: a UUID, or `internal` for the platform's own project.", example: "internal" });

export const userIdOrMe = z
  .union([uuid, z.literal("me")])
  .meta({ description: "A user id, or `me` for the signed-in user.", example: "me" });

/** The largest instant a JavaScript Date holds (year 275760). */
export const MAX_TIME_MILLIS = 8_640_000_000_000_000;

export const millis = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_TIME_MILLIS)
  .meta({ description: "Milliseconds since the Unix epoch.", example: 1_760_000_000_000 });

export const successResponse = z
  .object({ success: z.literal(true) })
  .meta({ id: "Success", description: "The operation succeeded." });

export const nonEmptyString = (max: number) => z.string().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** E-mail: valid format, at most 256 characters (SPEC 5). */
export const email = z
  .string()
  .max(256, "must be at most 256 characters")
  .pipe(z.email({ message: "must be a valid email" }))
  .meta({ description: "An e-mail address.", example: "ada@example.com" });

/**
 * The strict e-mail rule used for sign-up: a valid e-mail whose domain is dotted and whose last part
 * has at least two characters (rejects `a@localhost`, `a@gmail`, dots at either end).
 */
export const signUpEmail = email.refine((v) => /^[^.]+(\.[^.]+)*@.*\.[^.][^.]+$/.test(v), "must be a valid email");

export const urlString = z
  .string()
  .max(1_000_000, "must be at most 1000000 characters")
  .refine((v) => !/\s/.test(v), "contains spaces")
  .refine((v) => URL.canParse(v), "is not a valid URL")
  .meta({ description: "An absolute URL.", example: "https://app.example.com/handler/email-verification" });

/** Who holds items (and, later, purchases): a user, a team, or a customer of the app's own (any id). */
export const customerTypes = ["user", "team", "custom"] as const;
export const customerType = z
  .enum(customerTypes)
  .meta({ description: "The kind of customer: `user`, `team`, or `custom` (an id of the app's own choosing).", example: "user" });

/** C0 control characters and DEL: never part of a name, and PostgreSQL's text cannot hold NUL. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const displayName = z
  .string()
  .max(256, "must be at most 256 characters")
  .refine((v) => !CONTROL_CHARACTERS.test(v), "must not contain control characters")
  .meta({ example: "Ada Lovelace" });

/** Any JSON value. One instance, so the server knows its answers need no stripping inside it. */
export const jsonValue = z.json();

/** The most JSON text one metadata field may hold (characters of its compact JSON). */
export const METADATA_MAX_JSON_CHARS = 100_000;

/**
 * Free-form JSON stored for clients or servers (any JSON value, or null), at most 100,000 characters as
 * compact JSON, so that clients cannot make every page of users or teams megabytes long.
 */
export const metadata = jsonValue
  .nullable()
  .refine((value) => value === null || JSON.stringify(value).length <= METADATA_MAX_JSON_CHARS, `must be at most ${METADATA_MAX_JSON_CHARS} characters as JSON`)
  .meta({ description: `Any JSON value, or null; at most ${METADATA_MAX_JSON_CHARS} characters as compact JSON.`, example: { plan: "pro" } });

/** Free text describing something (a permission, a project), capped like other stored text. */
export const descriptionText = z.string().max(10_000, "must be at most 10000 characters");

export const emptyObject = z.strictObject({}).meta({ id: "Empty" });

/** `{items, is_paginated: false}`: the shape of every unpaginated list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), is_paginated: z.literal(false) });
}

/** A code from an e-mailed link (45 characters; any case). */
export const verificationCode = z
  .string()
  .length(45, "must be exactly 45 characters")
  .meta({ description: "The code from the link in the e-mail.", example: "u8k2v0q7r3m9d1x6c5b4a2n8p0s7t3w1y9z6e4f2g8h5j" });
