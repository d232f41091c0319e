import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, escapeFormula } from './csv';

describe('csv', () => {
  it('makes every formula start inert and quotes by RFC 4180', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(escapeFormula(`${start}1`)).toBe(`'${start}1`);
    expect(escapeFormula('a=1')).toBe('a=1');
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvLine(['a', 'b\nc', ''])).toBe('a,"b\nc",\r\n');
  });
});
