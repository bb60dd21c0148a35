// What a phone keyboard types into an amount field in the shopper's language: Arabic keyboards
// give Arabic-Indic digits (١٢٫٥٠), Persian ones the extended set (۱۲), a Japanese or Chinese
// IME full-width ones (１２．５０). The amount is read in ASCII digits, so they are turned into
// those first, and the decimal and group signs with them.

const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10]; // Arabic-Indic, extended Arabic-Indic, full-width
const SIGNS: Record<string, string> = { '٫': '.', '٬': ',', '．': '.', '，': ',' };

export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19٫٬．，]/g, (c) => {
    const code = c.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? (SIGNS[c] ?? c) : String(code - zero);
  });
}
