/**
 * GeoJSON (RFC 7946) as the API writes it, for the OpenAPI document: positions `[longitude, latitude]` in WGS 84,
 * the five geometry types the storm documents use, and features whose `properties.kind` says what they are.
 */
import { z } from 'zod';
import { UPSTREAM_STATES } from './freshness.ts';

export const positionSchema = z
  .tuple([z.number().describe('Longitude, degrees east (−180…180)'), z.number().describe('Latitude, degrees north (−90…90)')])
  .describe('A position [longitude, latitude], WGS 84, rounded to 4 decimals')
  .meta({ id: 'GeoPosition' });

export const bboxSchema = z
  .tuple([
    z.number().describe('West, degrees east'),
    z.number().describe('South, degrees north'),
    z.number().describe('East, degrees east'),
    z.number().describe('North, degrees north'),
  ])
  .describe('Bounding box (RFC 7946 §5); west > east when it crosses the antimeridian')
  .meta({ id: 'GeoBBox' });

const ring = z.array(positionSchema).describe('A closed ring: the first and last positions are the same');
const geometryType = <T extends string>(type: T) => z.literal(type).describe("The geometry's type");

export const geometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: geometryType('Point'), coordinates: positionSchema.describe('Point: one position') }),
    z.object({
      type: geometryType('LineString'),
      coordinates: z.array(positionSchema).min(2).describe('LineString: its positions in order'),
    }),
    z.object({
      type: geometryType('MultiLineString'),
      coordinates: z.array(z.array(positionSchema).min(2)).describe('MultiLineString: its lines (a line cut at the antimeridian)'),
    }),
    z.object({ type: geometryType('Polygon'), coordinates: z.array(ring).describe('Polygon: the outer ring, then any holes') }),
    z.object({ type: geometryType('MultiPolygon'), coordinates: z.array(z.array(ring)).describe('MultiPolygon: its polygons') }),
  ])
  .describe('A GeoJSON geometry; lines that cross the antimeridian are cut there (RFC 7946 §3.1.9)')
  .meta({ id: 'GeoGeometry' });

export const FEATURE_KINDS = [
  'wind-circle',
  'wind-radii',
  'forecast-cone',
  'track',
  'track-point',
  'landfall',
  'forecast-track',
  'forecast-point',
] as const;

export const featurePropertiesSchema = z
  .object({
    kind: z
      .enum(FEATURE_KINDS)
      .describe(
        "What the feature is: wind-circle (a Polygon per wind force of a track point: time, force, radii km, latest), wind-radii (an archived storm of any basin: a Polygon per wind threshold of an entry: time, thresholdKt 34, 50 or 64, radii km), forecast-cone (an agency's cone: agency, issuedAt, radiiFrom, circles), track (the storm's LineString, a Point for one fix: the storm's fields and landfalls, a count), track-point (every field of a track point), landfall (every field of a landfall), forecast-track (an agency's forecast LineString: agency, issuedAt), forecast-point (every field of a forecast point, with agency)",
      ),
    code: z.string().describe('The storm code; for an archived storm of any basin (/api/geojson/global/{id}) its id'),
  })
  .catchall(z.unknown().describe('The fields of what the feature is (see kind)'))
  .describe("The feature's fields: `kind` and `code`, then the fields of what it is (see kind), units as in the API's JSON")
  .meta({ id: 'GeoFeatureProperties' });

/** A Feature whose `properties` are the given schema's: every GeoJSON answer's features are built by it. */
export const featureOf = <P extends z.ZodType>(properties: P) =>
  z.object({
    type: z.literal('Feature').describe('Always Feature'),
    bbox: bboxSchema.optional().describe('On lines and areas'),
    geometry: geometrySchema,
    properties,
  });

/**
 * A FeatureCollection of the given features, with the answer's own members beside them (foreign members, RFC 7946
 * §6.1: freshness, the storm…); a member named like one of the collection's own (`bbox`) replaces it in place.
 */
export const featureCollectionOf = <F extends z.ZodType, M extends z.ZodRawShape>(features: F, featuresDescription: string, members: M) =>
  z.object({
    type: z.literal('FeatureCollection').describe('Always FeatureCollection'),
    bbox: bboxSchema
      .optional()
      .describe('Bounding box of every feature (RFC 7946 §5); west > east when it crosses the antimeridian; absent when there is none'),
    features: z.array(features).describe(featuresDescription),
    ...members,
  });

export const featureSchema = featureOf(featurePropertiesSchema).meta({ id: 'GeoFeature' });

export const featureCollectionSchema = featureCollectionOf(featureSchema, 'The features, areas first, then lines and points', {
  // A storm always has features, so its collection always has a box.
  bbox: bboxSchema,
  freshness: z
    .object({
      fetchedAt: z.string().describe('When the live snapshot holding the storm was fetched (+08:00)'),
      publishedAt: z.string().describe("The upstream's own time of the storm's data: its latest position (+08:00)"),
      stale: z.boolean().describe('As live.stale of /api/typhoons/{code}: not current (it was last reported at publishedAt)'),
      staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
      upstream: z.enum(UPSTREAM_STATES).describe("The live list's upstream state"),
    })
    .optional()
    .describe(
      'Only for a storm active now (answered from the live snapshot): how current it is (a foreign member, RFC 7946 §6.1); absent for an archived storm',
    ),
})
  .describe('A GeoJSON FeatureCollection (RFC 7946): areas first, then lines and points')
  .meta({ id: 'GeoFeatureCollection' });
