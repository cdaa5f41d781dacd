import numpy as np
A = np.array([[4.0, 3.0], [6.0, 3.0]])
b = np.array([10.0, 12.0])
print(np.linalg.det(A), np.linalg.inv(A), np.linalg.solve(A, b))
print(np.linalg.norm([3, 4]), np.linalg.norm(A), np.linalg.norm(A, axis=1), np.linalg.norm([1, -2, 3], ord=1), np.linalg.norm(A, ord=np.inf))
M = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], dtype=np.float32)
print(np.linalg.inv(M), np.linalg.det(M), np.linalg.inv(M).dtype)
x = np.linalg.solve(M, np.eye(3, dtype=np.float32))
print(np.allclose(M @ x, np.eye(3), atol=1e-6))
print(np.linalg.matrix_power(np.array([[1, 1], [1, 0]]), 5))
try:
    np.linalg.inv(np.zeros((2, 2)))
except np.linalg.LinAlgError as e:
    print("LinAlgError", e)
try:
    np.linalg.inv(np.zeros((2, 3)))
except np.linalg.LinAlgError as e:
    print("LinAlgError", e)
print(np.linalg.det(np.array([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 2.0]]])))
