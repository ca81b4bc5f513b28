/**
 * UTF-8 TextEncoder/TextDecoder and atob/btoa for the sandbox (QuickJS has none of them). React's
 * server renderer encodes every chunk it writes; we decode the whole document once at the end.
 */

export class TextEncoder {
  readonly encoding = "utf-8";

  encode(input: unknown = ""): Uint8Array {
    const text = String(input);
    const bytes = new Uint8Array(text.length * 3);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code < 0x80) {
        bytes[n++] = code;
        continue;
      }
      if (code >= 0xd800 && code <= 0xdbff) {
        const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          i++;
        } else code = 0xfffd;
      } else if (code >= 0xdc00 && code <= 0xdfff) code = 0xfffd;
      if (code < 0x800) {
        bytes[n++] = 0xc0 | (code >> 6);
      } else if (code < 0x10000) {
        bytes[n++] = 0xe0 | (code >> 12);
        bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      } else {
        bytes[n++] = 0xf0 | (code >> 18);
        bytes[n++] = 0x80 | ((code >> 12) & 0x3f);
        bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      }
      bytes[n++] = 0x80 | (code & 0x3f);
    }
    return bytes.slice(0, n);
  }
}

export class TextDecoder {
  readonly encoding = "utf-8";

  decode(input?: ArrayBuffer | ArrayBufferView): string {
    if (input === undefined) return "";
    const bytes =
      input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    const parts: string[] = [];
    let units: number[] = [];
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i]!;
      let code = 0xfffd;
      let size = 1;
      if (b < 0x80) code = b;
      else if (b >= 0xc2 && b < 0xe0) [code, size] = [((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f), 2];
      else if (b >= 0xe0 && b < 0xf0)
        [code, size] = [((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f), 3];
      else if (b >= 0xf0 && b < 0xf5)
        [code, size] = [
          ((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f),
          4,
        ];
      if (i + size > bytes.length) [code, size] = [0xfffd, bytes.length - i];
      i += size;
      if (code > 0xffff) {
        code -= 0x10000;
        units.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
      } else units.push(code);
      if (units.length >= 8192) {
        parts.push(String.fromCharCode(...units));
        units = [];
      }
    }
    parts.push(String.fromCharCode(...units));
    return parts.join("");
  }
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function atob(input: unknown): string {
  const text = String(input).replace(/[\t\n\f\r ]+/g, "").replace(/={1,2}$/, "");
  if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) throw new Error("The string to be decoded is not correctly encoded.");
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}

export function btoa(input: unknown): string {
  const text = String(input);
  let out = "";
  for (let i = 0; i < text.length; i += 3) {
    const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
    if (a > 255 || b > 255 || c > 255) throw new Error("The string to be encoded contains characters outside of the Latin1 range.");
    const triple = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += BASE64[triple >> 18]! + BASE64[(triple >> 12) & 63]!;
    out += i + 1 < text.length ? BASE64[(triple >> 6) & 63]! : "=";
    out += i + 2 < text.length ? BASE64[triple & 63]! : "=";
  }
  return out;
}
