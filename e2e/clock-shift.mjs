// Test-only preload for the browser suite's server (`node --import e2e/clock-shift.mjs`): its
// clock runs ahead by the milliseconds in SCANLINE_TEST_CLOCK_FILE, which the test raises to
// move time past an expiry. Never part of the product's build.
import fs from 'node:fs';

const file = process.env.SCANLINE_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let readAt = 0;
  const now = () => {
    const t = realNow();
    if (t - readAt > 50) {
      readAt = t;
      try {
        offset = Number(fs.readFileSync(file, 'utf8')) || 0;
      } catch {}
    }
    return t + offset;
  };
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
  }
  globalThis.Date = ShiftedDate;
}
