import statistics
from fractions import Fraction

scores = [88, 92, 79, 93, 85, 92]
print(statistics.mean(scores), statistics.median(scores), statistics.mode(scores), statistics.multimode(scores))
print(statistics.stdev(scores), statistics.pstdev(scores), statistics.variance(scores), statistics.pvariance(scores))
losses = [0.693, 0.512, 0.431, 0.402, 0.398]
print(statistics.mean(losses), statistics.fmean(losses), statistics.stdev(losses), statistics.median(losses))
print(statistics.mean([1, 2, 3]), statistics.mean([1, 2]), statistics.median([1, 3, 2, 4]), statistics.quantiles(range(1, 11), n=4))
print(statistics.geometric_mean([1, 2, 4]), statistics.harmonic_mean([40, 60]), statistics.median_low([1, 2, 3, 4]), statistics.median_high([1, 2, 3, 4]))
for bad in [lambda: statistics.mean([]), lambda: statistics.stdev([1]), lambda: statistics.mode([])]:
    try:
        bad()
    except statistics.StatisticsError as e:
        print('StatisticsError:', e)
f = Fraction(3, 4)
print(f, repr(f), f + Fraction(1, 4), f * 2, f / 3, f ** 2, float(f), f.numerator, f.denominator)
print(Fraction('1.25'), Fraction(0.5), Fraction(1, 3) + Fraction(1, 6), Fraction(10, -4), Fraction(3.14159).limit_denominator(100))
print(Fraction(1, 3) < 0.5, Fraction(2, 4) == 0.5, hash(Fraction(1, 2)) == hash(0.5), round(Fraction(7, 2)), int(Fraction(-7, 2)))
print(statistics.mean([Fraction(1, 3), Fraction(2, 3)]), statistics.variance([Fraction(1, 2), Fraction(3, 2), Fraction(5, 2)]))
try:
    Fraction(1, 0)
except ZeroDivisionError as e:
    print('ZeroDivisionError:', e)
