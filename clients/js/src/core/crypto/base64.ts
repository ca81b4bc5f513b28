/** Bytes backed by a plain ArrayBuffer (what WebCrypto takes). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Standard base64 (with padding) of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** The bytes of a standard base64 text. */
export function fromBase64(text: string): Bytes {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
