import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom lacks `CSS.escape`, which react-aria's Modal calls (every browser has it). This follows
// the CSSOM "serialize an identifier" algorithm.
if (typeof window !== 'undefined' && typeof globalThis.CSS?.escape !== 'function') {
  const cssEscape = (value: string) =>
    Array.from(String(value))
      .map((char, index, chars) => {
        const code = char.charCodeAt(0);
        const isDigit = code >= 0x30 && code <= 0x39;
        if (code === 0) return '\uFFFD';
        if (
          code <= 0x1f ||
          code === 0x7f ||
          (index === 0 && isDigit) ||
          (index === 1 && isDigit && chars[0] === '-')
        ) {
          return `\\${code.toString(16)} `;
        }
        if (index === 0 && chars.length === 1 && char === '-') return '\\-';
        if (code >= 0x80 || char === '-' || char === '_' || /[0-9A-Za-z]/.test(char)) return char;
        return `\\${char}`;
      })
      .join('');
  Object.defineProperty(globalThis, 'CSS', {
    value: { ...(globalThis.CSS ?? {}), escape: cssEscape },
    configurable: true,
    writable: true,
  });
}
