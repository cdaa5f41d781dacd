import io
import logging
import sys
import timeit
import traceback
import warnings

def fail():
    raise ValueError('bad value')
try:
    fail()
except ValueError:
    text = traceback.format_exc()
    print(text.splitlines()[0], text.splitlines()[-1], len(text.splitlines()))
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    print(buf.getvalue() == text)
try:
    {}['k']
except KeyError as e:
    print(traceback.format_exception_only(e))
    print(''.join(traceback.format_exception(e)).splitlines()[-1])
t = timeit.timeit(lambda: sum(range(10)), number=100)
print(type(t).__name__, t > 0, len(timeit.repeat(lambda: None, repeat=3, number=5)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    warnings.warn('careful', UserWarning)
    warnings.warn('old', DeprecationWarning)
    print(len(w), w[0].category.__name__, str(w[0].message), w[1].category.__name__, w[0].lineno)
with warnings.catch_warnings():
    warnings.simplefilter('error')
    try:
        warnings.warn('now an error')
    except UserWarning as e:
        print('raised', e)
stream = io.StringIO()
logging.basicConfig(stream=stream, level=logging.INFO, format='%(levelname)s %(name)s %(message)s')
log = logging.getLogger('trainer')
log.info('epoch %d loss %.2f', 1, 0.5)
log.debug('hidden')
logging.warning('root warn')
child = logging.getLogger('trainer.data')
child.error('bad batch')
print(stream.getvalue().splitlines())
print(log.getEffectiveLevel(), child.parent is log, logging.getLevelName(logging.ERROR), logging.getLogger() is logging.root)
log.setLevel(logging.ERROR)
log.warning('quiet')
print(len(stream.getvalue().splitlines()))
try:
    1 / 0
except ZeroDivisionError:
    log.exception('boom')
print(stream.getvalue().splitlines()[4], stream.getvalue().splitlines()[-1])
fmt = logging.Formatter('%(filename)s:%(lineno)d %(funcName)s %(message)s')
h = logging.StreamHandler(stream)
h.setFormatter(fmt)
other = logging.getLogger('other')
other.addHandler(h)
other.propagate = False
other.warning('where')
def inner():
    logging.getLogger('other').error('in function')
inner()
print(stream.getvalue().splitlines()[-2:])
