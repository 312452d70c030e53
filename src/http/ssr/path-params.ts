/** A path parameter as written (percent-decoded), or null when it is not valid percent-encoding. */
export function decodedParam(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
