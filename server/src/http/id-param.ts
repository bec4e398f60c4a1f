import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that is not a UUID names nothing: answer 404 with the record's own message. */
export const idParam = (notFound: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) });
