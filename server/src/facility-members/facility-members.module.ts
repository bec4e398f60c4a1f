import { Module } from '@nestjs/common';
import { TeamCommands } from './commands/team-commands';
import { TeamController } from './commands/team.controller';
import { TeamQueriesController } from './queries/team-queries.controller';
import { InvitationLookup } from './registration/invitation-lookup';
import { InvitedRegistration } from './registration/invited-registration';
import { TeamContext } from './team-context';
import { TeamEmails } from './team-emails';

/**
 * The facility team: members, their permissions and invitations. Commands go through
 * facilityMemberDecider on the facility's stream; lists read projections/facility-members;
 * emails come from team.reactor.ts. Registration with an invitation is InvitedRegistration.
 */
@Module({
  controllers: [TeamController, TeamQueriesController],
  providers: [TeamContext, TeamCommands, InvitationLookup, InvitedRegistration, TeamEmails],
  exports: [InvitedRegistration],
})
export class FacilityMembersModule {}
