import type { Clock } from '../../../application/shared/ports/clock.port.js';

export const systemClock: Clock = { now: () => new Date() };
