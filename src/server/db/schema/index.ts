// The Drizzle schema, one file per aggregate. Drizzle needs every table in one object.
export * from './auth';
export * from './bills';
export * from './limits';
export * from './live';
export * from './payments';
export * from './receipts';
export * from './notifications';
export * from './picking';
export * from './retention';
