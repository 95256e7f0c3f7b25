/**
 * Approved Polish reviews on a third of the products (ids 1, 4, 7, …), one to six each, with
 * varied ratings and dates, about half of them marked as verified purchases. The authors are
 * customers without accounts (no user, no login): they exist so that the one-review-per-customer
 * rule holds for seeded data too. Seeded reviews stand for history before this database, so their
 * verified flag is set here rather than derived from orders. The demo customer has none, so the
 * end-to-end test can write the first review of a product they bought.
 */
import type { INestApplication } from '@nestjs/common';
import { ChannelService, Customer, TransactionalConnection } from '@vendure/core';
import { ProductReview } from '../src/plugins/reviews/entities/product-review.entity';
import { authorName } from '../src/plugins/reviews/reviews.rules';
import { mulberry32, setDates } from '../src/dev/util';
import { PRODUCTS } from './catalogue';

const DAY = 24 * 60 * 60 * 1000;

const AUTHORS: Array<[string, string]> = [
    ['Katarzyna', 'Wiśniewska'],
    ['Marek', 'Zieliński'],
    ['Agnieszka', 'Lewandowska'],
    ['Tomasz', 'Wójcik'],
    ['Magdalena', 'Kamińska'],
    ['Paweł', 'Szymański'],
    ['Joanna', 'Dąbrowska'],
    ['Michał', 'Kozłowski'],
    ['Ewa', 'Jankowska'],
    ['Piotr', 'Mazur'],
    ['Natalia', 'Krawczyk'],
    ['Łukasz', 'Piotrowski'],
];

/**
 * [title | null, text, grammatical gender of the writer ('f', 'm') or null when the text has none]
 * per rating. Generic enough for every kind of product; the gender keeps Polish past tenses right.
 */
const TEXTS: Record<number, Array<[string | null, string, 'f' | 'm' | null]>> = {
    5: [
        [
            'Rewelacja',
            'Jakość wykonania bez zarzutu, wszystko starannie uszyte. Pies zadowolony, a ja jeszcze bardziej. Na pewno zamówię coś jeszcze.',
            null,
        ],
        [null, 'Przesyłka dotarła szybko i była porządnie zapakowana. Produkt dokładnie taki jak na zdjęciach, kolor piękny.', null],
        [
            'Polecam z czystym sumieniem',
            'Kupuję tu już drugi raz i znowu się nie zawiodłam. Solidne materiały, świetny kontakt ze sklepem.',
            'f',
        ],
        [
            'Polecam z czystym sumieniem',
            'Kupuję tu już drugi raz i znowu się nie zawiodłem. Solidne materiały, świetny kontakt ze sklepem.',
            'm',
        ],
        [null, 'Nasza suczka jest zachwycona, a ja cieszę się, że kupiłam coś szytego w Polsce. Warte swojej ceny.', 'f'],
        [
            'Idealne',
            'Wszystko pasuje jak należy, nic nie odstaje i nie obciera. Po kilku tygodniach codziennego używania wygląda jak nowe.',
            null,
        ],
        [null, 'Bardzo dobry kontakt ze sklepem, pomogli dobrać rozmiar. Produkt świetny, polecam każdemu psiarzowi.', null],
    ],
    4: [
        ['Bardzo dobre', 'Solidnie wykonane i ładnie wygląda. Jedna gwiazdka mniej za czas oczekiwania, ale warto było poczekać.', null],
        [null, 'Dobra jakość za rozsądną cenę. Kolor na żywo odrobinę ciemniejszy niż na zdjęciu, poza tym wszystko w porządku.', null],
        ['Spełnia oczekiwania', 'Pies używa codziennie od miesiąca i nic się nie dzieje. Chciałabym tylko większy wybór kolorów.', 'f'],
        ['Spełnia oczekiwania', 'Pies używa codziennie od miesiąca i nic się nie dzieje. Chciałbym tylko większy wybór kolorów.', 'm'],
        [null, 'Ładne, porządne, dobrze zapakowane. Przy następnym zamówieniu wezmę jeszcze coś z tej kolekcji.', null],
    ],
    3: [
        ['Poprawne', 'Produkt w porządku, ale spodziewałem się trochę grubszego materiału. Za tę cenę jest OK.', 'm'],
        ['Poprawne', 'Produkt w porządku, ale spodziewałam się trochę grubszego materiału. Za tę cenę jest OK.', 'f'],
        [null, 'Samo wykonanie dobre, natomiast na dostawę trzeba było czekać dłużej, niż było napisane. Produkt bez zastrzeżeń.', null],
    ],
    2: [
        [
            'Nie do końca',
            'Rozmiar wyszedł inny, niż się spodziewaliśmy, mimo że mierzyliśmy psa według tabeli. Sklep zaproponował wymianę.',
            null,
        ],
    ],
    1: [[null, 'Niestety nie sprawdziło się u nas – pies od razu zaczął to gryźć. Sama jakość szycia jest jednak w porządku.', null]],
};

function pickRating(r: number): number {
    if (r < 0.5) return 5;
    if (r < 0.78) return 4;
    if (r < 0.9) return 3;
    if (r < 0.96) return 2;
    return 1;
}

export interface SeededReview {
    productId: number;
    authorIndex: number;
    rating: number;
    title: string | null;
    text: string;
    verifiedPurchase: boolean;
    daysAgo: number;
}

/** The reviews the seed writes (also used by tests to know what to expect). */
export function reviewPlan(): SeededReview[] {
    const plan: SeededReview[] = [];
    for (const p of PRODUCTS) {
        if (p.id % 3 !== 1) continue;
        const rnd = mulberry32(p.id * 7919);
        const n = 1 + Math.floor(rnd() * 6);
        const authors = [...AUTHORS.keys()].sort(() => rnd() - 0.5).slice(0, n);
        for (const authorIndex of authors) {
            const rating = pickRating(rnd());
            // authors alternate: even indexes are women, odd ones men
            const gender = authorIndex % 2 === 0 ? 'f' : 'm';
            const pool = TEXTS[rating].filter(([, , g]) => g === null || g === gender);
            const [title, text] = pool[Math.floor(rnd() * pool.length)];
            // never older than the product itself
            const daysAgo = 1 + Math.floor(rnd() * Math.max(1, Math.min(180, p.createdDaysAgo - 1)));
            plan.push({ productId: p.id, authorIndex, rating, title, text, verifiedPurchase: rnd() < 0.55, daysAgo });
        }
    }
    return plan;
}

export async function seedReviews(app: INestApplication, now: Date): Promise<number> {
    const connection = app.get(TransactionalConnection);
    const channel = await app.get(ChannelService).getDefaultChannel();
    const customers = await connection.rawConnection
        .getRepository(Customer)
        .save(
            AUTHORS.map(
                ([firstName, lastName], i) =>
                    new Customer({ firstName, lastName, emailAddress: `opinie${i + 1}@psiaki.test`, channels: [channel] }),
            ),
        );
    const plan = reviewPlan();
    const repo = connection.rawConnection.getRepository(ProductReview);
    for (const r of plan) {
        const [firstName, lastName] = AUTHORS[r.authorIndex];
        const saved = await repo.save(
            new ProductReview({
                productId: r.productId,
                customerId: Number(customers[r.authorIndex].id),
                authorName: authorName(firstName, lastName),
                rating: r.rating,
                title: r.title,
                text: r.text,
                state: 'approved',
                verifiedPurchase: r.verifiedPurchase,
            }),
        );
        const at = new Date(now.getTime() - r.daysAgo * DAY - (r.authorIndex + 1) * 3600_000);
        await setDates(connection, 'product_review', { createdAt: at, updatedAt: at }, { id: saved.id });
    }
    return plan.length;
}
