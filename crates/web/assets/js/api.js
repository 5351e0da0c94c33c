// The JSON API (see /api/openapi.json), and the background jobs it runs.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) throw new ApiError(res.status, data?.error ?? `HTTP ${res.status}`);
  return data;
}

export const api = {
  get: (path) => call('GET', path),
  post: (path, body = {}) => call('POST', path, body),
};

const listeners = new Set();
/** Called with every job status seen while polling (for the progress box). */
export function onJob(f) { listeners.add(f); }

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows a job until it ends: `job` is the status returned when it started. Resolves to the
 * final status; rejects with an ApiError when it failed or was cancelled.
 */
export async function follow(job) {
  let delay = 60;
  while (job && job.state === 'running') {
    listeners.forEach((f) => f(job));
    await sleep(delay);
    delay = Math.min(delay * 1.5, 300);
    const next = (await api.get('/api/job')).job;
    if (!next || next.id !== job.id) throw new ApiError(409, 'the job was replaced by another one');
    job = next;
  }
  listeners.forEach((f) => f(job));
  if (job.state !== 'done') throw new ApiError(409, job.state === 'cancelled' ? 'cancelled' : job.error);
  return job;
}

/** Solves a game (at once when the server has it already). */
export async function solve(request) {
  const res = await api.post('/api/solve', request);
  if (res.cached) return res;
  return follow(res.job);
}
