import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBootData } from '../../runtime/boot/fetchBootData.ts';
import { sampleBootData } from './fixtures.tsx';

// The calls themselves are the API client's business (apiClient.test.ts); here only the boot sequence.
const api = vi.hoisted(() => ({
  fetchMandant: vi.fn(),
  fetchDefaultRoutes: vi.fn(),
  fetchAdditionalRoutes: vi.fn(),
  fetchLanguages: vi.fn(),
  fetchLanguageContent: vi.fn(),
}));
vi.mock('../../runtime/api/configApi.ts', () => api);

beforeEach(() => {
  const boot = sampleBootData();
  api.fetchMandant.mockResolvedValue(boot.mandant);
  api.fetchDefaultRoutes.mockResolvedValue(boot.routes);
  api.fetchAdditionalRoutes.mockResolvedValue(boot.additionalRoutes);
  api.fetchLanguages.mockResolvedValue(boot.languages);
  api.fetchLanguageContent.mockResolvedValue([{ Key: 'k', Value: 'v' }]);
});

describe('boot without embedded data', () => {
  it('makes the configuration calls and loads the content of the language in the URL', async () => {
    const boot = await fetchBootData({
      mandantId: 'demo',
      language: { pathname: '/en/faq', stored: null, browser: ['de-DE'] },
    });
    expect(api.fetchMandant).toHaveBeenCalledWith('demo');
    expect(api.fetchLanguageContent).toHaveBeenCalledWith('en');
    expect(boot.language).toBe('en');
    expect(boot.mandantId).toBe('demo');
    expect(boot.languageContent).toEqual([{ Key: 'k', Value: 'v' }]);
    expect(boot.additionalRoutes).toEqual([{ Route: '/fragen', RouteName: 'Faq' }]);
  });

  it('falls back to the mandant default language', async () => {
    const boot = await fetchBootData({
      mandantId: 'demo',
      language: { pathname: '/', stored: null, browser: [] },
    });
    expect(boot.language).toBe('de');
    expect(api.fetchLanguageContent).toHaveBeenCalledWith('de');
  });
});
