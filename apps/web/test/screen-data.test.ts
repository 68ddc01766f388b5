import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreenData } from '../src/app/screen-data.ts';
import { listRecordsQueryOptions, recordsKeys } from '../src/lib/records/list-records.ts';
import { parseListState } from '../src/lib/records/list-state.ts';
import { alertStore } from '../src/lib/alert-store.ts';
import { createQueryClient } from '../src/lib/query-client.ts';
import { getRecordQueryOptions } from '../src/components/record-view/api/get-record.ts';
import { setToken } from '../src/lib/token-store.ts';
import { MemoryStorage, fakeToken } from './memory-storage.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const listAnswer = { data: [], dataInfo: { foundCount: 0, returnedCount: 0, totalRecordCount: 0 }, messages: [{ code: '0', message: 'OK' }] };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const calls = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(new URL(String(url), 'http://x').pathname + new URL(String(url), 'http://x').search));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  fetchMock = vi.fn<typeof fetch>(async (url) => (String(url).includes('/list-columns/') ? json(200, { hidden: [] }) : json(200, listAnswer)));
  vi.stubGlobal('fetch', fetchMock);
  alertStore.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  alertStore.clear();
});

describe('what a screen reads first, started by its route', () => {
  it('reads nothing without a session (the guard sends the visitor to sign in)', () => {
    prefetchScreenData(new QueryClient(), { list: 'jobs' }, {}, new URL('http://x/3ds/jobs'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts a list's page, as its address says, and its hidden columns; the screen then asks for nothing more", async () => {
    setToken(fakeToken());
    const client = new QueryClient();
    const url = new URL('http://x/3ds/jobs?q=acme&page=2&size=25');
    prefetchScreenData(client, { list: 'jobs' }, {}, url);
    expect(calls()).toEqual([expect.stringMatching(/^\/3ds\/api\/jobs\?.*offset=26.*limit=25.*quickFindCriteria=acme/), '/3ds/api/list-columns/jobs']);
    await settle();
    // The screen opens on the same page: its query finds the answer and reads nothing again.
    const screen = new QueryObserver(client, listRecordsQueryOptions('jobs', parseListState(url.searchParams)));
    const unsubscribe = screen.subscribe(() => {});
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getCurrentResult().data?.dataInfo.foundCount).toBe(0);
    unsubscribe();
  });

  it("starts a record's read by the route's :id", () => {
    setToken(fakeToken());
    prefetchScreenData(new QueryClient(), { record: 'containers' }, { id: '41' }, new URL('http://x/3ds/container/41'));
    expect(calls()).toEqual(['/3ds/api/containers/41']);
  });

  it('leaves a failure to the screen: no alert from the read ahead, one when the screen reads it again', async () => {
    setToken(fakeToken());
    fetchMock.mockImplementation(async () => json(404, { title: 'Not Found', message: 'Record is missing', code: 'NOT_FOUND' }));
    const client = createQueryClient();
    prefetchScreenData(client, { record: 'containers' }, { id: '9' }, new URL('http://x/3ds/container/9'));
    await settle();
    expect(client.getQueryState(recordsKeys.record('containers', '9'))?.status).toBe('error');
    expect(alertStore.getAlerts()).toHaveLength(0);
    const screen = new QueryObserver(client, getRecordQueryOptions('containers', '9'));
    const unsubscribe = screen.subscribe(() => {});
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(alertStore.getAlerts()).toHaveLength(1);
    unsubscribe();
  });
});
