import { describeCron } from './describeCron';

describe('describeCron', () => {
  it.each([
    ['0 22 * * 5', 'at 22:00 on Friday'],
    ['30 6 * * 1-5', 'at 06:30 on Monday to Friday'],
    ['0 0 * * 0,6', 'at 00:00 on Sunday and Saturday'],
    ['0 22 * * *', 'at 22:00 every day'],
    ['0 8,20 * * *', 'at 08:00 and 20:00 every day'],
    ['15 * * * *', 'at minute 15 of every hour every day'],
    ['*/30 * * * *', 'every 30 minutes every day'],
    ['0 2 1 * *', 'at 02:00 on day 1 of the month'],
    ['0 2 * 12 *', 'at 02:00 every day in December'],
  ])('reads %s as "%s"', (schedule, words) => {
    expect(describeCron(schedule)).toBe(words);
  });

  it('gives up on what it does not read', () => {
    expect(describeCron('0 22 * * FRI')).toBeUndefined();
    expect(describeCron('0 22 L * *')).toBeUndefined();
    expect(describeCron('@daily')).toBeUndefined();
    expect(describeCron('0 25 * * *')).toBeUndefined();
  });
});
