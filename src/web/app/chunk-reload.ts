/** SPEC §8 / §9: a script chunk that has not loaded after 120000 ms is a ChunkLoadError. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_MARK = 'ep-chunk-reloaded';

/**
 * Loads a lazy chunk; on failure (a deploy replaced the files, or the network dropped) reloads the
 * page once (SPEC §4 "Lazy script chunk load failure triggers a page reload"). The session-storage
 * mark stops a reload loop when the chunk is truly gone.
 */
export async function loadChunk<T>(loader: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('Loading chunk timed out'), { name: 'ChunkLoadError' })), CHUNK_TIMEOUT_MS);
  });
  try {
    const module = await Promise.race([loader(), timeout]);
    sessionStorage.removeItem(RELOAD_MARK);
    return module;
  } catch (error) {
    if (!sessionStorage.getItem(RELOAD_MARK)) {
      sessionStorage.setItem(RELOAD_MARK, '1');
      window.location.reload();
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
