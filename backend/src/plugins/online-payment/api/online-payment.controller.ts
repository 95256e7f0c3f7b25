import { All, Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { OnlinePaymentService } from '../services/online-payment.service';

/** `POST /payments/notify`: Przelewy24's transaction notification (`sign` in the JSON body; raw body kept by raw-body.middleware.ts). */
@Controller('payments')
export class OnlinePaymentController {
    constructor(private service: OnlinePaymentService) {}

    @All('notify')
    async notify(@Req() req: Request & { rawNotification?: Buffer }, @Res() res: Response) {
        res.setHeader('cache-control', 'no-store');
        if (req.method !== 'POST') {
            res.setHeader('allow', 'POST');
            return res.status(405).json({ ok: false, reason: 'method not allowed' });
        }
        const result = await this.service.notify(req.rawNotification ?? Buffer.alloc(0));
        return res.status(result.status).json(result.body);
    }
}
