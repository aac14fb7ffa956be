// Public API of @syn/proto: the event contracts generated from syn/events/v1/*.proto,
// plus the envelope helpers every producer and consumer uses. Nothing outside this
// package imports src/gen directly, so regenerating never breaks an import path.
export * from './gen/syn/events/v1/envelope_pb';
export * from './gen/syn/events/v1/account_pb';
export * from './gen/syn/events/v1/dictionary_pb';
export * from './gen/syn/events/v1/billing_pb';
export * from './gen/syn/events/v1/wordbook_pb';
export * from './envelope';
export * from './passes';
export { FIXTURES_DIR, loadFixtures, loadFixtureFiles, type FixtureFile } from './fixtures';
// Re-exported so services need no direct dependency on the protobuf runtime.
export { create, equals, type JsonValue } from '@bufbuild/protobuf';
export { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
