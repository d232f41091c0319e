import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no `CSS.escape`, which react-aria's overlays call; browsers all have it. This is the
// CSSOM algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier).
if (typeof window !== 'undefined' && typeof globalThis.CSS?.escape !== 'function') {
  const cssEscape = (value: string) => {
    const text = String(value);
    let result = '';
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const char = text.charAt(index);
      if (code === 0) result += '\uFFFD';
      else if (
        (code >= 0x1 && code <= 0x1f) ||
        code === 0x7f ||
        (index === 0 && code >= 0x30 && code <= 0x39) ||
        (index === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d)
      )
        result += `\\${code.toString(16)} `;
      else if (index === 0 && text.length === 1 && code === 0x2d) result += `\\${char}`;
      else if (code >= 0x80 || code === 0x2d || code === 0x5f || /[0-9A-Za-z]/.test(char)) result += char;
      else result += `\\${char}`;
    }
    return result;
  };
  Object.defineProperty(globalThis, 'CSS', {
    value: { ...(globalThis.CSS ?? {}), escape: cssEscape },
    configurable: true,
    writable: true,
  });
}
