import { Controller, Get, Query } from '@nestjs/common';
import { DevMailboxService } from '../services/dev-mailbox.service';
import { DevMail } from '../types';

/** `GET /dev-mailbox?email=x@y.z`: the messages for that address, newest first. */
@Controller('dev-mailbox')
export class DevMailboxController {
    constructor(private mailbox: DevMailboxService) {}

    @Get()
    list(@Query('email') email?: string): DevMail[] {
        return this.mailbox.messagesTo(email);
    }
}
