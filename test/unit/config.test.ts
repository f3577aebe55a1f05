/** The one configuration: what each variable becomes and the defaults (docs/maintainers/operations.md's table is written from it: build/docs-tables.ts). */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/env.ts';

describe('readConfig', () => {
  it('gives the official upstream addresses, the public folder and a file store by default', () => {
    const config = readConfig({});
    expect(config.upstreams).toEqual({
      zj: 'https://typhoon.slt.zj.gov.cn/Api',
      nmc: 'https://typhoon.nmc.cn/weatherservice/typhoon/jsons',
      nhc: 'https://www.nhc.noaa.gov',
      nhcAtcf: 'https://ftp.nhc.noaa.gov/atcf',
      nhcText: 'https://tgftp.nws.noaa.gov/data/raw/ab',
      jtwc: 'https://www.metoc.navy.mil/jtwc',
      ucar: 'https://hurricanes.ral.ucar.edu/repository/data',
      hko: 'https://data.weather.gov.hk/weatherAPI/opendata',
      jmaXml: 'https://www.data.jma.go.jp/developer/xml',
      pagasa: 'https://www.pagasa.dost.gov.ph',
      pagasaFiles: 'https://pubfiles.pagasa.dost.gov.ph/tamss/weather',
    });
    expect(config).toMatchObject({
      publicDir: 'public',
      store: { kind: 'files', dir: null },
      llm: null,
      port: 8888,
      ci: false,
      sourcesDir: null,
    });
  });

  it('keeps addresses without a trailing slash, counts an empty value as unset, and needs all three model variables', () => {
    const config = readConfig({
      TYPHOON_ZJ_BASE: 'http://127.0.0.1:9/zj/Api/',
      TYPHOON_SOURCES: '',
      TYPHOON_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      TYPHOON_LLM_MODEL: 'm',
    });
    expect(config.upstreams.zj).toBe('http://127.0.0.1:9/zj/Api');
    expect(config.sourcesDir).toBeNull();
    expect(config.llm).toBeNull();
    expect(readConfig({ TYPHOON_LLM_BASE_URL: 'http://127.0.0.1:9/v1/', TYPHOON_LLM_API_KEY: 'k', TYPHOON_LLM_MODEL: 'm' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
    });
  });

  it('uses Netlify Blobs on Netlify, keyed by the deploy context', () => {
    expect(readConfig({ NETLIFY: 'true', CONTEXT: 'deploy-preview' }).store).toEqual({ kind: 'blobs', context: 'deploy-preview' });
    expect(readConfig({ NETLIFY_BLOBS_CONTEXT: 'x' }).store).toEqual({ kind: 'blobs', context: null });
    expect(readConfig({ TYPHOON_LIVE_DIR: '/tmp/live' }).store).toEqual({ kind: 'files', dir: '/tmp/live' });
  });

  it('stops on a malformed value, naming every problem', () => {
    expect(() => readConfig({ PORT: 'eighty', TYPHOON_NHC_BASE: 'not a url' })).toThrow(/PORT.*TYPHOON_NHC_BASE|TYPHOON_NHC_BASE.*PORT/);
  });
});
