import { describe, expect, it } from 'vitest';
import { WatermarkTracker, watermarkPolicyOf } from './watermark-tracker.js';

describe('WatermarkTracker', () => {
  it('is the max event time minus the delay, and never moves back', () => {
    const t = new WatermarkTracker([10]);
    expect(t.advance()).toBe(0);
    t.observe(0, 100);
    expect(t.advance()).toBe(90);
    t.observe(0, 50);
    expect(t.advance()).toBe(90);
  });

  it('takes the min across watermarks by default, the max when asked; idle ones take no part', () => {
    const min = new WatermarkTracker([0, 5], 'min');
    min.observe(0, 100);
    expect(min.advance()).toBe(100);
    min.observe(1, 60);
    // The global watermark never moves back, even when a second watermark reports a lower one.
    expect(min.advance()).toBe(100);
    const max = new WatermarkTracker([0, 5], 'max');
    max.observe(0, 100);
    max.observe(1, 300);
    expect(max.advance()).toBe(295);
  });

  it('resumes from a restored watermark', () => {
    const t = new WatermarkTracker([10]);
    t.restore(500);
    t.observe(0, 400);
    expect(t.advance()).toBe(500);
  });

  it('refuses an unknown policy', () => {
    expect(() => watermarkPolicyOf('median')).toThrow(
      expect.objectContaining({ errorClass: 'INVALID_CONF_VALUE.REQUIREMENT' }),
    );
    expect(watermarkPolicyOf(undefined)).toBe('min');
  });
});
