import type { DomainEvent } from '../shared/event.js';

export type UserCreated = DomainEvent<
  'UserCreated',
  {
    readonly userId: number;
    readonly login: string;
    readonly email: string | null;
    readonly name: string | null;
    readonly siteAdmin: boolean;
    // scrypt hash of the password, never the password itself; null for users without one
    readonly passwordHash: string | null;
    readonly createdAt: string;
  }
>;

export type UserEvent = UserCreated;
