import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Authenticator } from './authenticator';
import { FacilityPermission, hasFacilityPermission, SessionUser, UserRole } from './session-user';
import { bearerToken } from './tokens';

/**
 * Who may call an endpoint, declared next to it and enforced here for every route.
 * Secure by default: a route without @Public() needs a valid bearer token.
 */
type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'role'; roles: UserRole[] }
  | { kind: 'admin' }
  | { kind: 'facility'; permission?: FacilityPermission }
  | { kind: 'participant' };

const ACCESS = 'tenens:access';

export const Public = () => SetMetadata(ACCESS, { kind: 'public' } satisfies AccessRule);
export const SignedIn = () => SetMetadata(ACCESS, { kind: 'signed-in' } satisfies AccessRule);
export const Roles = (...roles: UserRole[]) => SetMetadata(ACCESS, { kind: 'role', roles } satisfies AccessRule);
export const AdminOnly = () => SetMetadata(ACCESS, { kind: 'admin' } satisfies AccessRule);
/** A member of a facility; with a permission, one that holds it (admins hold all). */
export const FacilityMember = (permission?: FacilityPermission) =>
  SetMetadata(ACCESS, { kind: 'facility', permission } satisfies AccessRule);

/** Someone who takes part in the marketplace: a member of a facility, an applicant or a platform admin. */
export const MarketParticipant = () => SetMetadata(ACCESS, { kind: 'participant' } satisfies AccessRule);

export const NOT_AUTHENTICATED = 'Not authenticated. Please sign in.';
const MARKET_PARTICIPANTS_ONLY = 'This is only available to facility members, applicants and platform admins.';

type AuthedRequest = FastifyRequest & { user?: SessionUser | null };

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule =
      this.reflector.getAllAndOverride<AccessRule>(ACCESS, [context.getHandler(), context.getClass()]) ??
      ({ kind: 'signed-in' } as AccessRule);
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request.headers.authorization);
    request.user = await this.authenticator.authenticate(token);
    if (rule.kind === 'public') return true;
    if (!request.user) throw new UnauthorizedException(NOT_AUTHENTICATED);
    check(rule, request.user);
    return true;
  }
}

function check(rule: AccessRule, user: SessionUser): void {
  switch (rule.kind) {
    case 'public':
    case 'signed-in':
      return;
    case 'role':
      if (!rule.roles.includes(user.role) && !(user.is_admin && rule.roles.includes('system_admin'))) {
        throw new ForbiddenException('This action is not available for your account type.');
      }
      return;
    case 'admin':
      if (!user.is_admin) throw new ForbiddenException('Only platform administrators can do this.');
      return;
    case 'facility':
      if (!user.membership) throw new ForbiddenException('This action is only available to facility accounts.');
      if (rule.permission && !hasFacilityPermission(user.membership, rule.permission)) {
        throw new ForbiddenException(`You don't have permission to do this (${rule.permission.replace('can_', '').replace(/_/g, ' ')}).`);
      }
      return;
    case 'participant':
      if (!user.is_admin && !user.membership && !user.applicant_id) throw new ForbiddenException(MARKET_PARTICIPANTS_ONLY);
      return;
  }
}

/** The signed-in user (null on public routes called without a token). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthedRequest>().user ?? null;
});
