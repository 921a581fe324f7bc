// inversify binding tokens for every port; adapters are chosen in the container.
export const TOKENS = {
  Config: Symbol('Config'),
  Logger: Symbol('Logger'),
  Clock: Symbol('Clock'),
  EventStore: Symbol('EventStore'),
  ReadModelStore: Symbol('ReadModelStore'),
  SearchIndex: Symbol('SearchIndex'),
  IdAllocator: Symbol('IdAllocator'),
  IssueNumberAllocator: Symbol('IssueNumberAllocator'),
  PasswordHasher: Symbol('PasswordHasher'),
  ProjectionRunner: Symbol('ProjectionRunner'),
  ReadYourWrites: Symbol('ReadYourWrites'),
  Projections: Symbol('Projections'),
  GitStorage: Symbol('GitStorage'),
  TotpSecretCipher: Symbol('TotpSecretCipher'),
  MessageAuthentication: Symbol('MessageAuthentication'),
} as const;
