export * from './desk.ts';
export * from './rest.ts';
export * from './ws.ts';
