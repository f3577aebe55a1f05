/**
 * The upstreams a part of the run asks, with the client it asks them through. The addresses come from the
 * configuration (src/config/env.ts: TYPHOON_*_BASE, the official addresses by default).
 */
import type { UpstreamAddresses } from '../config/env.ts';
import type { UpstreamClient } from './client.ts';

/** The north-western Pacific services: the Zhejiang service, NMC's as its failover. */
export interface LiveUpstreams {
  zjBase: string;
  nmcBase: string;
  client: UpstreamClient;
}

/** The other basins: NHC (its site, ATCF decks and outlooks), JTWC, and UCAR's open repository of JTWC's b-decks. */
export interface GlobalUpstreams {
  nhcBase: string;
  nhcAtcfBase: string;
  nhcTextBase: string;
  jtwcBase: string;
  ucarBase: string;
  client: UpstreamClient;
}

export const liveUpstreams = (addresses: UpstreamAddresses, client: UpstreamClient): LiveUpstreams => ({
  zjBase: addresses.zj,
  nmcBase: addresses.nmc,
  client,
});

export const globalUpstreams = (addresses: UpstreamAddresses, client: UpstreamClient): GlobalUpstreams => ({
  nhcBase: addresses.nhc,
  nhcAtcfBase: addresses.nhcAtcf,
  nhcTextBase: addresses.nhcText,
  jtwcBase: addresses.jtwc,
  ucarBase: addresses.ucar,
  client,
});

/** The warning agencies (docs/api/warnings.md): HKO's open-data API, JMA's XML feed and documents, PAGASA's page and files. */
export interface WarningUpstreams {
  hkoBase: string;
  jmaBase: string;
  pagasaBase: string;
  pagasaFilesBase: string;
  client: UpstreamClient;
}

export const warningUpstreams = (addresses: UpstreamAddresses, client: UpstreamClient): WarningUpstreams => ({
  hkoBase: addresses.hko,
  jmaBase: addresses.jmaXml,
  pagasaBase: addresses.pagasa,
  pagasaFilesBase: addresses.pagasaFiles,
  client,
});
