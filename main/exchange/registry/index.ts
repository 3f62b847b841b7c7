export * from './rest.ts';
export * from './ws.ts';
