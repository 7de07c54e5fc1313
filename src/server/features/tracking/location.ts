import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestLocation {
  city: string;
  region: string;
  country: string;
}

function headerText(request: FastifyRequest, name: string | undefined, max: number): string {
  if (!name) return '';
  const value = request.headers[name.toLowerCase()];
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  return text.length <= max ? text : '';
}

/**
 * Where the request comes from. Only a trusted proxy's headers are believed (the connection comes
 * from an address in TRUST_PROXY, and the GEO_*_HEADER names are set); anyone could send those
 * headers straight to us otherwise.
 */
export function requestLocation(app: FastifyInstance, request: FastifyRequest): RequestLocation {
  const { config } = app;
  if (!request.viaTrustedProxy) return { city: '', region: '', country: config.DEFAULT_COUNTRY };
  const country = headerText(request, config.GEO_COUNTRY_HEADER, 2).toUpperCase();
  return {
    city: headerText(request, config.GEO_CITY_HEADER, 100),
    region: headerText(request, config.GEO_REGION_HEADER, 100),
    country: /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : config.DEFAULT_COUNTRY,
  };
}
