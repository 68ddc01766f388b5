import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../src/lib/alert-store.ts';
import { ApiError, api, apiErrorFromResponse, apiUrl } from '../src/lib/api-client.ts';
import { handleError } from '../src/lib/handle-error.ts';
import { isBareHttpTitle } from '../src/lib/api-error.ts';
import { setAppNavigator, type AppNavigate } from '../src/lib/navigation.ts';
import { getToken, setToken } from '../src/lib/token-store.ts';
import { MemoryStorage, fakeToken } from './memory-storage.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let navigate: ReturnType<typeof vi.fn<AppNavigate>>;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn<AppNavigate>();
  setAppNavigator(navigate);
  alertStore.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAppNavigator(null);
  alertStore.clear();
});

describe('api client', () => {
  it('calls /3ds/api with the bearer token and JSON', async () => {
    const token = fakeToken();
    setToken(token);
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api.post('/job', { fieldData: { 'Job Name': 'A' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/3ds/api/job');
    expect(init?.method).toBe('POST');
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"fieldData":{"Job Name":"A"}}');
  });

  it('sends objects in the query as JSON text', () => {
    expect(apiUrl('/companies', { offset: 51, limit: 50, sort: [{ fieldName: 'City', sortOrder: 'ascend' }], quickFind: undefined })).toBe(
      '/3ds/api/companies?offset=51&limit=50&sort=%5B%7B%22fieldName%22%3A%22City%22%2C%22sortOrder%22%3A%22ascend%22%7D%5D',
    );
  });

  it('raises ApiError from the server error body', async () => {
    setToken(fakeToken());
    fetchMock.mockResolvedValue(json(422, { title: 'Validation Failed', message: 'Not valid', code: 'VALIDATION', details: ['Pack Qty is required'] }));
    const error = await api.get('/job/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, title: 'Validation Failed', message: 'Not valid', code: 'VALIDATION', details: ['Pack Qty is required'] });
  });

  it('builds a sensible ApiError from a foreign body', () => {
    expect(apiErrorFromResponse(502, 'Bad Gateway', '<html>')).toMatchObject({ status: 502, title: 'Bad Gateway', code: 'INTERNAL' });
    expect(apiErrorFromResponse(401, '', undefined)).toMatchObject({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('on 401 signs out once, goes to login and warns with the server message', async () => {
    setToken(fakeToken());
    fetchMock.mockImplementation(async () => json(401, { title: 'Unauthorized', message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await Promise.allSettled([api.get('/companies'), api.get('/jobs')]);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(alertStore.getAlerts()).toEqual([expect.objectContaining({ type: 'WARNING', message: 'Unauthorized', count: 1, title: undefined })]);
  });

  it('shows the "Session Expired" title and remembers the screen for after login', async () => {
    vi.stubGlobal('location', { pathname: '/job/3', search: '?tab=yb' });
    setToken(fakeToken());
    fetchMock.mockResolvedValue(json(401, { title: 'Session Expired', message: 'Your session has ended. Please log in again.', code: 'SESSION_EXPIRED' }));
    await api.get('/job/3').catch(() => undefined);
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'WARNING', title: 'Session Expired', message: 'Your session has ended. Please log in again.' }),
    ]);
    expect(sessionStorage.getItem('3ds.nextRoute')).toBe('/job/3?tab=yb');
  });

  it('leaves a failed login alone', async () => {
    const token = fakeToken();
    setToken(token);
    fetchMock.mockResolvedValue(json(401, { title: 'Unauthorized', message: 'The username or password is incorrect.', code: 'UNAUTHORIZED' }));
    await expect(api.post('/login', { username: 'a', password: 'b' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe(token);
    expect(navigate).not.toHaveBeenCalled();
    expect(alertStore.getAlerts()).toEqual([]);
  });

  it('turns an unreachable server into ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, title: 'Network Error' });
  });
});

describe('handleError', () => {
  it('raises a DANGER alert titled with what failed, never a bare HTTP title, and the server’s message', () => {
    handleError(new ApiError({ status: 409, title: 'Locked', message: 'Job 7 is locked; its containers cannot be changed.', code: 'LOCKED' }), 'Container 12 was not saved');
    handleError(new ApiError({ status: 409, title: 'Conflict', message: 'Job 8 was changed by someone else since you opened it. Reload it and try again.', code: 'CONFLICT' }));
    handleError(new ApiError({ status: 409, title: 'Job 9 was not locked', message: 'Job 9 cannot be locked: …', code: 'INCOMPLETE' }));
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'DANGER', title: 'Container 12 was not saved', message: 'Job 7 is locked; its containers cannot be changed.' }),
      expect.objectContaining({ type: 'DANGER', title: 'This cannot be done now', message: 'Job 8 was changed by someone else since you opened it. Reload it and try again.' }),
      expect.objectContaining({ type: 'DANGER', title: 'Job 9 was not locked' }),
    ]);
  });

  it('knows the bare HTTP titles', () => {
    for (const title of ['Conflict', 'Locked', 'Validation Failed', 'Bad Request', 'Forbidden', 'Not Found', 'Error 409', 'Internal Server Error', '']) expect(isBareHttpTitle(title)).toBe(true);
    for (const title of ['Session Expired', 'Job 9 was not locked', 'Notification Could Not Be Sent']) expect(isBareHttpTitle(title)).toBe(false);
  });

  it('reads the line items of a refused lock from the body', () => {
    const incomplete = [{ recordId: '4', yellowBucket: false, containerId: '2', containerName: 'Box', ndc: '00406-0552-01', lot: '', problems: ['Pack Qty is empty'] }];
    expect(apiErrorFromResponse(409, 'Conflict', { title: 'Job 1 was not locked', message: 'm', code: 'INCOMPLETE', incomplete }).incomplete).toEqual(incomplete);
  });

  it('stays quiet for 401 (already handled) and aborts', () => {
    handleError(new ApiError({ status: 401, title: 'Unauthorized', message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    handleError(new DOMException('aborted', 'AbortError'));
    expect(alertStore.getAlerts()).toEqual([]);
  });
});
