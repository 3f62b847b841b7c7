import { join } from 'node:path';
import { CacheInputError } from './errors.ts';

const PROFILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** `<dataDir>/profiles/<profile>/cache.sqlite`; the profile name may not climb out of its folder. */
export function cacheFilePath(dataDir: string, profile: string): string {
  if (!PROFILE.test(profile) || profile.includes('..')) {
    throw new CacheInputError(
      `Profile name "${profile}" is not allowed: use letters, digits, dots, dashes and underscores.`,
      'profile',
    );
  }
  return join(dataDir, 'profiles', profile, 'cache.sqlite');
}
