matrix = [[1, 2], [3, 4]]
row = 1
value = matrix[row][5] * 2
