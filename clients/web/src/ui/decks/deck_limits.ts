// The server's limits on a deck, checked here first so that a refusal names the fix before
// anything is sent (decks.proto; server/short_text.h is the rule for names).

// A deck list (SaveDeck, ValidateDeck) holds at most this many bytes of UTF-8.
export const kMaxListBytes = 16 * 1024;
// Decks one account may store.
export const kMaxDecks = 100;
export const kMaxNameCharacters = 64;

export function listBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

// Why the server would refuse this list's size, or null.
export function listSizeProblem(text: string): string | null {
  const bytes = listBytes(text);
  return bytes > kMaxListBytes
    ? `The list is ${(bytes / 1024).toFixed(1)} KiB; the server takes at most 16 KiB.`
    : null;
}

// Why the server would refuse this deck name, or null: 1 to 64 characters, no control
// characters, not only spaces.
export function nameProblem(name: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(name)) return "A deck name may not hold control characters.";
  const characters = [...name].length; // code points, as the server counts them
  if (characters === 0 || /^ *$/.test(name) || characters > kMaxNameCharacters)
    return `A deck name has 1 to ${kMaxNameCharacters} characters.`;
  return null;
}

// A deck name from a chosen file's name: without ".txt", trimmed to the limit.
export function nameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.(txt|dek|deck)$/i, "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return [...base].slice(0, kMaxNameCharacters).join("").trim();
}

// A file name for a downloaded deck: the deck's name without characters file systems refuse.
export function exportFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, "_").trim();
  return `${safe || "deck"}.txt`;
}
