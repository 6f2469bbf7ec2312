/**
 * Headers every answer carries (DESIGN.md section 10): no content sniffing,
 * a referrer policy, and HSTS when the call came over https (directly, or
 * per a trusted proxy's x-forwarded-proto).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') {
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}
