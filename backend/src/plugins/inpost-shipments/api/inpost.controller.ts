import { All, Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { Allow, Ctx, Logger, Permission, RequestContext } from '@vendure/core';
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { INPOST_OPTIONS, type InpostOptions, loggerCtx } from '../inpost-shipments.constants';
import { InpostShipmentService, ShipmentRefused } from '../services/inpost-shipment.service';
import { MAX_BULK_LABELS } from '../shipx';

const sameSecret = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
};
const labelType = (raw: unknown): 'normal' | 'A6' => (raw === 'A6' ? 'A6' : 'normal');

/**
 * `/inpost/webhook/{secret}`: ShipX's status webhooks (POST; GET answers 200 for the parcel
 * manager's check of the address). `/inpost/label/{orderId}` and `/inpost/labels?orderIds=1,2`:
 * the label PDFs for staff (the Admin API's bearer token, permission ReadOrder).
 */
@Controller('inpost')
export class InpostController {
    constructor(
        private service: InpostShipmentService,
        @Inject(INPOST_OPTIONS) private options: InpostOptions,
    ) {}

    @All('webhook/:secret')
    async webhook(@Param('secret') secret: string, @Req() req: Request & { rawNotification?: Buffer }, @Res() res: Response) {
        res.setHeader('cache-control', 'no-store');
        if (!this.options || !sameSecret(secret, this.options.webhookSecret)) {
            Logger.warn(`ShipX webhook with a wrong secret from ${req.ip} refused`, loggerCtx);
            return res.status(404).json({ ok: false, reason: 'not found' });
        }
        if (req.method === 'GET' || req.method === 'HEAD') return res.status(200).json({ ok: true });
        if (req.method !== 'POST') {
            res.setHeader('allow', 'GET, POST');
            return res.status(405).json({ ok: false, reason: 'method not allowed' });
        }
        let body: unknown;
        try {
            body = JSON.parse((req.rawNotification ?? Buffer.alloc(0)).toString('utf8'));
        } catch {
            return res.status(400).json({ ok: false, reason: 'body is not JSON' });
        }
        const result = await this.service.webhook(body);
        return res.status(result.status).json(result.body);
    }

    @Get('label/:orderId')
    @Allow(Permission.ReadOrder)
    async label(@Ctx() ctx: RequestContext, @Param('orderId') orderId: string, @Query('type') type: unknown, @Res() res: Response) {
        if (!/^\d{1,12}$/.test(orderId)) return res.status(400).json({ ok: false, reason: 'Niepoprawny numer zamówienia.' });
        try {
            const { pdf, name } = await this.service.label(ctx, orderId, labelType(type));
            return this.sendPdf(res, pdf, name);
        } catch (e) {
            if (e instanceof ShipmentRefused) return res.status(409).json({ ok: false, reason: e.message });
            throw e;
        }
    }

    @Get('labels')
    @Allow(Permission.ReadOrder)
    async labels(@Ctx() ctx: RequestContext, @Query('orderIds') raw: unknown, @Query('type') type: unknown, @Res() res: Response) {
        const ids = typeof raw === 'string' && raw.length <= MAX_BULK_LABELS * 13 ? raw.split(',') : [];
        if (!ids.length || ids.some(id => !/^\d{1,12}$/.test(id)))
            return res.status(400).json({ ok: false, reason: 'Podaj numery zamówień: orderIds=1,2,3.' });
        try {
            return this.sendPdf(res, await this.service.labels(ctx, [...new Set(ids)], labelType(type)), 'etykiety-inpost.pdf');
        } catch (e) {
            if (e instanceof ShipmentRefused) return res.status(409).json({ ok: false, reason: e.message });
            throw e;
        }
    }

    private sendPdf(res: Response, pdf: Buffer, name: string) {
        res.setHeader('content-type', 'application/pdf');
        res.setHeader('content-disposition', `inline; filename="${name}"`);
        res.setHeader('cache-control', 'no-store');
        return res.status(200).send(pdf);
    }
}
