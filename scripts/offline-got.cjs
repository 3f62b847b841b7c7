// Loaded with `node --require` by the security scan: electronegativity fetches translations over the
// network at start-up, and its HTTP client crashes the process when that times out offline. This
// answers those fetches with an immediate failure, which the tool already handles.
const Module = require('node:module');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'got') {
    const offline = () => Promise.reject(new Error('offline: no network for the security scan'));
    return Object.assign(offline, { default: offline, get: offline });
  }
  return load.call(this, request, parent, isMain);
};
