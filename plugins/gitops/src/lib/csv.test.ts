import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('user:default/alice')).toBe('user:default/alice');
    expect(csvField('')).toBe('');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
  ])('quotes %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvField against formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
  ])('keeps %j text', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves a dash inside a value alone', () => {
    expect(csvField('payments-api-dev')).toBe('payments-api-dev');
  });
});

describe('toCsv', () => {
  it('writes a header row and one CRLF-ended record per row', () => {
    expect(
      toCsv(
        ['who', 'what'],
        [
          ['alice', 'sync'],
          ['bob', 'failed: "quota", retry'],
        ],
      ),
    ).toBe('who,what\r\nalice,sync\r\nbob,"failed: ""quota"", retry"\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['who'], [])).toBe('who\r\n');
  });
});
