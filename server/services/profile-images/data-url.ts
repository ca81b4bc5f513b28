/**
 * Reading a profile image given as a base64 data URL: only PNG, JPEG, GIF and WebP, whose bytes must
 * start as the declared type's do (so a stored image is what its Content-Type says, never markup or
 * script under an image's name), and smaller than 100 KB.
 */
import { statusError } from "../../errors.js";

export interface ImageType {
  contentType: string;
  extension: string;
  /** Whether the bytes start as this type's files do. */
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const png: ImageType = { contentType: "image/png", extension: "png", matches: (b) => startsWith(b, [0x89, ...ascii("PNG"), 0x0d, 0x0a, 0x1a, 0x0a]) };
const jpeg: ImageType = { contentType: "image/jpeg", extension: "jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) };
const gif: ImageType = { contentType: "image/gif", extension: "gif", matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) };
const webp: ImageType = { contentType: "image/webp", extension: "webp", matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) };

/** The declared subtypes accepted (`image/jpg` is a common misspelling of `image/jpeg`). */
const imageTypes: Readonly<Record<string, ImageType>> = { png, jpeg, jpg: jpeg, gif, webp };

/** Every type by the extension its URLs end with. */
export const imageTypesByExtension: Readonly<Record<string, ImageType>> = Object.fromEntries([png, jpeg, gif, webp].map((t) => [t.extension, t]));

const BASE64_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAX_IMAGE_BYTES = 100 * 1024;

export interface DecodedImage {
  type: ImageType;
  bytes: Buffer;
}

/** Whether the value is a base64 data URL of an accepted image type (its bytes not yet checked). */
export function isImageDataUrl(value: string): boolean {
  return BASE64_IMAGE.test(value);
}

/**
 * The image a data URL carries; throws `profileImageNotBase64` when it is not an accepted type's data
 * URL or its bytes are not of that type, and `profileImageTooLarge` from 100 KB.
 */
export function decodeImageDataUrl(value: string): DecodedImage {
  const match = BASE64_IMAGE.exec(value);
  if (!match) throw statusError("profileImageNotBase64");
  if (Math.floor((match[2]!.length * 3) / 4) >= MAX_IMAGE_BYTES) throw statusError("profileImageTooLarge");
  const type = imageTypes[match[1]!]!;
  const bytes = Buffer.from(match[2]!, "base64");
  if (bytes.length >= MAX_IMAGE_BYTES) throw statusError("profileImageTooLarge");
  if (!type.matches(bytes)) throw statusError("profileImageNotBase64");
  return { type, bytes };
}
