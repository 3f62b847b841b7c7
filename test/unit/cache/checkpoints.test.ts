import { describe, expect, it } from 'vitest';
import {
  deleteCheckpoint,
  listCheckpoints,
  loadCheckpoint,
  saveCheckpoint,
} from '../../../main/cache/repos/checkpoints.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

describe('sync checkpoints', () => {
  it('saves, replaces, lists by prefix and deletes a job cursor', () => {
    expect(loadCheckpoint(db.get(), 'deals:main')).toBeNull();
    saveCheckpoint(db.get(), 'deals:main', { endDate: 100, page: 2 }, 5);
    saveCheckpoint(db.get(), 'deals:main', { endDate: 50, page: 3 }, 6);
    saveCheckpoint(db.get(), 'borrows:main', { offset: 100 }, 7);
    expect(loadCheckpoint(db.get(), 'deals:main')).toEqual({
      job: 'deals:main',
      cursor: { endDate: 50, page: 3 },
      updatedAtMs: 6,
    });
    expect(listCheckpoints(db.get(), 'deals:').map((c) => c.job)).toEqual(['deals:main']);
    expect(listCheckpoints(db.get()).map((c) => c.job)).toEqual(['borrows:main', 'deals:main']);
    expect(deleteCheckpoint(db.get(), 'deals:main')).toBe(true);
    expect(deleteCheckpoint(db.get(), 'deals:main')).toBe(false);
  });

  it('refuses an empty job key and a cursor that is not JSON', () => {
    expect(() => saveCheckpoint(db.get(), '', {})).toThrow(/job/);
    expect(() => saveCheckpoint(db.get(), 'j', undefined)).toThrow(/JSON/);
  });
});
